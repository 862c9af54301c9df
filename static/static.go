// Package static embeds the app's own CSS, script and icons, and names each
// file by its content so a phone never runs an old script against new HTML.
package static

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"path"
	"strings"
	"sync"
)

// Files holds the static assets served under /static/.
//
//go:embed *.css *.js *.svg
var Files embed.FS

// Icons holds the app's icons at the sizes a home screen asks for
// (icons/NAME.png), served by their own names.
//
//go:embed icons/*.png
var Icons embed.FS

// hashLen is how many hex digits of the SHA-256 go into a file's name:
// 48 bits, plenty to tell one build's file from another's.
const hashLen = 12

var hashes = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	entries, err := fs.ReadDir(Files, ".")
	if err != nil {
		panic(err) // embedded at build time: can't fail
	}
	for _, e := range entries {
		data, err := fs.ReadFile(Files, e.Name())
		if err != nil {
			panic(err)
		}
		sum := sha256.Sum256(data)
		m[e.Name()] = hex.EncodeToString(sum[:])[:hashLen]
	}
	return m
})

// URL is the address pages use for a static file: its name with the
// content's hash before the extension (/static/app.3f2a9c1b0d4e.js), so the
// URL changes exactly when the file does and can be cached for good.
func URL(name string) string {
	h, ok := hashes()[name]
	if !ok {
		panic("static: no file " + name) // a typo in a template; tests render every page
	}
	ext := path.Ext(name)
	return "/static/" + strings.TrimSuffix(name, ext) + "." + h + ext
}

// Lookup maps a requested name to the embedded file. current says the
// request named the file's present content by its hash; an unhashed name, or
// the hash of an older build (a page loaded before an upgrade), still finds
// the file but must not be cached for long.
func Lookup(requested string) (name string, current bool) {
	ext := path.Ext(requested)
	stem := strings.TrimSuffix(requested, ext)
	if i := strings.LastIndexByte(stem, '.'); i >= 0 {
		base, hash := stem[:i]+ext, stem[i+1:]
		if h, ok := hashes()[base]; ok && isHash(hash) {
			return base, hash == h
		}
	}
	return requested, false
}

func isHash(s string) bool {
	if len(s) != hashLen {
		return false
	}
	for _, r := range s {
		if !strings.ContainsRune("0123456789abcdef", r) {
			return false
		}
	}
	return true
}
