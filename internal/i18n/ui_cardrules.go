package i18n

// uiCardRules holds the refusals and labels of card rules and of what a seat
// may do now (game.Options).
var _ = register(map[string][2]string{
	"err_attack_ally": {"%s is on your side: attack only opponents.", "%s 与你同一阵营：只能袭击对手。"},
})
