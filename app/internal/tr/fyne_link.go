package tr

import (
	_ "unsafe" // go:linkname

	_ "fyne.io/fyne/v2/lang" // the package whose function is linked
)

// fyneSetupLang makes Fyne's localizer translate into language l (a
// BCP 47 tag such as "id"), whatever the system's languages are: it is
// lang.setupLang of Fyne 2.7.1, the setter Fyne's own tests use. Any later
// lang.AddTranslations* call sets the localizer back to the system's
// language; tr adds its translations once, before its first Use.
//
//go:linkname fyneSetupLang fyne.io/fyne/v2/lang.setupLang
func fyneSetupLang(l string)
