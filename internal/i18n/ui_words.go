package i18n

// uiWords holds log lines that say what happened rather than that
// something did (issue 23: "accepted or declined" said neither).
var _ = register(map[string][2]string{
	"log_offer_accepted":  {"%s accepted the %s", "%s 接受了%s"},
	"log_offer_declined":  {"%s declined the %s", "%s 拒绝了%s"},
	"log_offer_withdrawn": {"%s took back the %s offered to %s", "%s 收回了交给 %[3]s 的%[2]s"},
})
