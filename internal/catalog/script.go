package catalog

import (
	"fmt"
	"strings"
	"sync"
	"unicode"

	"github.com/longbridgeapp/opencc"
)

// Players write Chinese in either script: seeds 001 and 003 are in
// Traditional characters, as are many players' phones. The box's Chinese is
// Simplified, so everything searched (questions, and names the seeds give
// in Traditional) is read in Simplified first. OpenCC's own dictionaries do
// the conversion, phrases first (t2s), never a table of ours.
var (
	simplifyOnce sync.Once
	simplifier   *opencc.OpenCC
	simplifyErr  error
)

func prepareSimplifier() error {
	simplifyOnce.Do(func() {
		simplifier, simplifyErr = opencc.New("t2s")
		if simplifyErr != nil {
			simplifyErr = fmt.Errorf("chinese conversion: %w", simplifyErr)
		}
	})
	return simplifyErr
}

// simplified is s with Traditional characters in Simplified ones, full-width
// Latin letters, digits and punctuation as half-width, and the ideographic
// space as a space. Text with no Han character is only width-folded.
func simplified(s string) (string, error) {
	s = strings.Map(halfWidth, s)
	if !hasHan(s) {
		return s, nil
	}
	if err := prepareSimplifier(); err != nil {
		return "", err
	}
	out, err := simplifier.Convert(s)
	if err != nil {
		return "", fmt.Errorf("chinese conversion: %w", err)
	}
	return out, nil
}

// halfWidth maps a full-width form (Ｄｏｇ？) to its ASCII twin: Unicode lays
// U+FF01–U+FF5E out in ASCII's order, 0xFEE0 above it.
func halfWidth(r rune) rune {
	switch {
	case r >= 0xFF01 && r <= 0xFF5E:
		return r - 0xFEE0
	case r == 0x3000:
		return ' '
	}
	return r
}

// hasHan reports whether s holds a Chinese character.
func hasHan(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
}
