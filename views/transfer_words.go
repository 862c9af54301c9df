package views

// transferWords are the texts of moving a seat to a new phone (transfer.templ).
var _ = words(Words{
	"transfer_title":   {"Move %s to a new phone", "把 %s 转移到新手机"},
	"transfer_hint":    {"Scan with the new phone within %d minutes. The code works once; the old phone loses the seat.", "请在 %d 分钟内用新手机扫描。此二维码只能使用一次；旧手机将失去这个座位。"},
	"claim_title":      {"Take over a seat", "接管座位"},
	"claim_button":     {"Take over the seat", "接管座位"},
	"claim_title_seat": {"Take over %s's seat", "接管 %s 的座位"},
	"claim_text_seat":  {"This phone will play %s (%s). The phone that plays this seat now will lose it.", "这部手机将扮演 %s（%s）。现在使用这个座位的手机将失去它。"},
})
