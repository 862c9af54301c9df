package web

import (
	"fmt"

	qrcode "github.com/skip2/go-qrcode"
)

// qrPNG draws a URL as a QR code. Medium error correction survives a phone
// camera at an angle across the table.
func qrPNG(url string, size int) ([]byte, error) {
	png, err := qrcode.Encode(url, qrcode.Medium, size)
	if err != nil {
		return nil, fmt.Errorf("qr code: %w", err)
	}
	return png, nil
}
