// Package static embeds the app's own CSS, script and icons.
package static

import "embed"

// Files holds the static assets served under /static/.
//
//go:embed *.css *.js *.svg
var Files embed.FS
