//go:build js

package web

import (
	"errors"
	"fmt"
	"syscall/js"
)

// Browser reports whether the program runs in a web page.
const Browser = true

// Download offers data to the user as a file named name, of MIME type
// mime, the way a page does: through a link to the data that the page
// clicks; the browser saves it in its downloads folder or asks where,
// as its settings say.
func Download(name, mime string, data []byte) (err error) {
	defer catch(&err)
	arr := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(arr, data)
	blob := js.Global().Get("Blob").New([]any{arr}, map[string]any{"type": mime})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	doc := js.Global().Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	a.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	// The browser reads the data after the click returns: free it later.
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		js.Global().Get("URL").Call("revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	js.Global().Call("setTimeout", revoke, 60_000)
	return nil
}

// Pick shows the browser's file picker for the file types of accept (an
// input element's accept attribute: ".bgame,.txt") and calls done, on a
// goroutine of its own, with the file's name and content; a file larger
// than maxSize bytes is refused with an error before it is read. Nothing is
// called when the user cancels. The page must have been clicked within the
// last few seconds (browsers open a picker only for a user's action).
func Pick(accept string, maxSize int, done func(name string, data []byte, err error)) (err error) {
	defer catch(&err)
	doc := js.Global().Get("document")
	input := doc.Call("createElement", "input")
	input.Set("type", "file")
	input.Set("accept", accept)
	input.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", input)
	var onChange, onCancel, onRead, onFail js.Func
	release := func() {
		input.Call("remove")
		onChange.Release()
		onCancel.Release()
		if onRead.Truthy() {
			onRead.Release()
			onFail.Release()
		}
	}
	onChange = js.FuncOf(func(js.Value, []js.Value) any {
		files := input.Get("files")
		if files.Length() == 0 {
			release()
			return nil
		}
		f := files.Index(0)
		name := f.Get("name").String()
		if size := f.Get("size").Int(); size > maxSize {
			release()
			go done(name, nil, fmt.Errorf("%s: %d bytes, more than %d", name, size, maxSize))
			return nil
		}
		onRead = js.FuncOf(func(_ js.Value, args []js.Value) any {
			buf := js.Global().Get("Uint8Array").New(args[0])
			data := make([]byte, buf.Get("length").Int())
			js.CopyBytesToGo(data, buf)
			release()
			go done(name, data, nil)
			return nil
		})
		onFail = js.FuncOf(func(_ js.Value, args []js.Value) any {
			msg := "cannot read the file"
			if len(args) > 0 && args[0].Truthy() {
				msg = args[0].Call("toString").String()
			}
			release()
			go done(name, nil, errors.New(msg))
			return nil
		})
		f.Call("arrayBuffer").Call("then", onRead, onFail)
		return nil
	})
	onCancel = js.FuncOf(func(js.Value, []js.Value) any {
		release()
		return nil
	})
	input.Call("addEventListener", "change", onChange)
	input.Call("addEventListener", "cancel", onCancel)
	input.Call("click")
	return nil
}

// Store keeps text under key in the page's localStorage (about 5 MB per
// site; it stays after the page closes).
func Store(key, text string) (err error) {
	defer catch(&err)
	ls := js.Global().Get("localStorage")
	if text == "" {
		ls.Call("removeItem", key)
		return nil
	}
	ls.Call("setItem", key, text)
	return nil
}

// Stored returns the text kept under key, if any.
func Stored(key string) (text string, ok bool) {
	defer func() {
		if recover() != nil {
			text, ok = "", false
		}
	}()
	v := js.Global().Get("localStorage").Call("getItem", key)
	if v.IsNull() || v.IsUndefined() {
		return "", false
	}
	return v.String(), true
}

// catch turns a JavaScript exception (a full storage, a page that forbids
// it) into an error.
func catch(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("web: %v", r)
	}
}
