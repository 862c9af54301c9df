// Package data embeds Lantern's own game data files. The facts come from the
// cross-checked research in the project's shared data; the texts are ours.
package data

import "embed"

// Files holds every data file shipped inside the binary.
//
//go:embed *.json
var Files embed.FS
