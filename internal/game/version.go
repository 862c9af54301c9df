package game

// DataVersion is the version of the rules and box data a game's log is
// played with. An exported game names it, and a server refuses a game from
// a newer version, whose events or ids it may not know. Raise it when an
// event's meaning or a data id changes.
const DataVersion = 1
