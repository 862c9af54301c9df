package views

// Moving a seat to a new phone: its model (this file), its template
// (transfer.templ) and its words (transfer_words.go).

// Transfer is the one-time QR that moves a seat to a new phone.
type Transfer struct {
	Head
	Back    string
	Code    string
	Seat    int
	Name    string
	URL     string
	QRData  string // data: URL of the PNG
	Minutes int
}
