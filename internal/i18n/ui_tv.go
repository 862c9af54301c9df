package i18n

// uiTV holds the table view's large-type switch.
var _ = register(map[string][2]string{
	"tv_on":  {"Large type for a TV", "大字模式（电视）"},
	"tv_off": {"Normal size", "正常大小"},
})
