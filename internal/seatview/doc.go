// Package seatview builds what one seat — or the table, or the API — may
// see of a game: the view models the templ views render and the JSON shapes
// of the API, from the engine's state. It knows nothing of HTTP.
//
// Its functions run with the game's read lock held (table.Tables.Read) and
// copy everything they need.
package seatview
