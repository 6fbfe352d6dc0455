package lab

import (
	"context"
	"errors"
	"math"
	"strings"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ailab "boardgames/ai/lab"
	"boardgames/app/internal/tr"
)

// task runs a screen's long jobs, one at a time, each on a goroutine of
// its own, and shows them: Run and Cancel buttons, a progress bar (an
// endless one when the job does not know its total) and a status line.
// Its methods are for the UI goroutine.
type task struct {
	l      *Lab
	runBtn *widget.Button
	stop   *widget.Button
	bar    *widget.ProgressBar
	spin   *widget.ProgressBarInfinite
	status *widget.Label
	box    fyne.CanvasObject // buttons, bar and status, for the screen's layout
	job    *job              // the running job, nil when idle
	// relayout, if set, lays the screen's results out again (their
	// heights follow their content).
	relayout func()
	// jobs counts the jobs started, for tests.
	jobs int
	// byTime: the job's steps are weighted by their expected time (an
	// experiment's), so its progress shows as a share with the time left,
	// not as counts of steps.
	byTime bool
}

// job is one run of a task.
type job struct {
	what        string
	cancel      context.CancelFunc
	start       time.Time
	done, total int
	played      float64 // steps' worth done, the steps under way included (matches: games)
	cancelled   bool
}

// run is what a job's work sees: its context, progress and a way to show
// partial results.
type run struct {
	ctx  context.Context
	t    *task
	j    *job
	last atomic.Int64
}

func newTask(l *Lab, label string, onRun func()) *task {
	t := &task{l: l}
	t.runBtn = widget.NewButtonWithIcon(label, theme.MediaPlayIcon(), onRun)
	t.runBtn.Importance = widget.HighImportance
	t.stop = widget.NewButtonWithIcon(tr.T("Cancel"), theme.CancelIcon(), t.cancel)
	t.stop.Disable()
	t.bar = widget.NewProgressBar()
	t.bar.TextFormatter = func() string { return percentDone(t.bar.Value-t.bar.Min, t.bar.Max-t.bar.Min) + "%" }
	t.bar.Hide()
	t.spin = widget.NewProgressBarInfinite()
	t.spin.Stop()
	t.spin.Hide()
	t.status = widget.NewLabel("")
	t.status.Wrapping = fyne.TextWrapWord
	t.status.Hide() // until there is something to say
	// The status grows upwards, the bars keep their room while hidden and
	// the buttons stay at the bottom: nothing the user is about to click
	// moves when a job starts or ends.
	t.box = container.NewVBox(
		t.status,
		container.New(keepLayout{}, t.bar, t.spin),
		container.NewGridWithColumns(2, t.runBtn, t.stop),
	)
	return t
}

// running reports whether a job is running.
func (t *task) running() bool { return t.job != nil }

// fail shows why a job cannot start (a translated text); nothing runs.
func (t *task) fail(msg string) {
	t.status.Importance = widget.DangerImportance
	t.setStatus(msg)
}

// say shows a message (a translated text) in the status line.
func (t *task) say(msg string) {
	t.status.Importance = widget.MediumImportance
	t.setStatus(msg)
}

// setStatus shows text in the status line, above the progress bar.
func (t *task) setStatus(text string) {
	t.status.SetText(text)
	t.status.Show()
}

// start runs work on a goroutine under a context that Cancel and closing
// the lab cancel. work reports progress through r.progress and may show
// partial results with r.show; it returns what to do with its result on
// the UI goroutine, which runs even after a cancel (to show what was done
// so far) but not once the lab is closed. start does nothing while a job
// runs.
func (t *task) start(what string, work func(r *run) func()) {
	if t.job != nil || t.l.closed {
		return
	}
	ctx, cancel := context.WithCancel(t.l.ctx)
	j := &job{what: what, cancel: cancel, start: time.Now()}
	t.job = j
	t.jobs++
	t.status.Importance = widget.MediumImportance
	t.runBtn.Disable()
	t.stop.Enable()
	t.showProgress()
	t.layout()
	r := &run{ctx: ctx, t: t, j: j}
	done := make(chan struct{})
	l := t.l
	l.wg.Add(2)
	go func() { // the elapsed time, while nothing else reports
		defer l.wg.Done()
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				l.opts.Post(func() {
					if !l.closed && t.job == j {
						t.showProgress()
					}
				})
			}
		}
	}()
	go func() { // the work
		defer l.wg.Done()
		defer close(done)
		defer cancel()
		apply := work(r)
		l.opts.Post(func() {
			if l.closed {
				return
			}
			if t.job == j {
				t.job = nil
				t.idle()
			}
			if apply != nil {
				apply()
			}
			t.layout()
		})
	}()
}

// cancel stops the running job; its work returns what it has so far.
func (t *task) cancel() {
	if t.job == nil {
		return
	}
	t.job.cancelled = true
	t.job.cancel()
	t.stop.Disable()
	t.setStatus(tr.T("Cancelling…"))
}

// showProgress shows the running job's progress and elapsed time.
func (t *task) showProgress() {
	j := t.job
	if j == nil {
		return
	}
	elapsed := time.Since(j.start).Seconds()
	el := secs(elapsed)
	if j.total > 0 {
		t.spin.Stop()
		t.spin.Hide()
		t.bar.Max = float64(j.total)
		done := min(max(j.played, float64(j.done)), float64(j.total))
		t.bar.SetValue(done)
		t.bar.Show()
		left, ok := timeLeft(elapsed, done, float64(j.total))
		switch {
		case t.byTime && ok:
			t.setStatus(tr.F("%s: %s%% done in %s, about %s left.", j.what, percentDone(done, float64(j.total)), el, timeSpan(left)))
		case t.byTime:
			t.setStatus(tr.F("%s: %s%% done in %s.", j.what, percentDone(done, float64(j.total)), el))
		case ok:
			t.setStatus(tr.F("%s: %d of %d done in %s, about %s left.", j.what, j.done, j.total, el, timeSpan(left)))
		default:
			t.setStatus(tr.F("%s: %d of %d done in %s.", j.what, j.done, j.total, el))
		}
	} else {
		t.bar.Hide()
		if !t.spin.Visible() {
			t.spin.Show()
			t.spin.Start()
		}
		t.setStatus(tr.F("%s: %s so far.", j.what, el))
	}
	if j.cancelled {
		t.setStatus(tr.T("Cancelling…"))
	}
}

// timeLeft estimates the seconds a job has left from the time it took
// for the share of its work done so far: elapsed · (total − done) / done.
// ok is false until some work is done: the estimate comes with the first
// finished unit (an experiment's first moves), however small a share,
// once a second has gone (a first move at once says nothing of the pace).
func timeLeft(elapsed, done, total float64) (float64, bool) {
	if elapsed < 1 || total <= 0 || done <= 0 || done >= total {
		return 0, false
	}
	return elapsed * (total - done) / done, true
}

// percentDone writes the share done as a percentage: whole below 100 %
// from 10 % up, with a tenth below (0.3 %), so that a long job's first
// units show; never 100 before the end.
func percentDone(done, total float64) string {
	if total <= 0 {
		return "0"
	}
	p := 100 * done / total
	switch {
	case p >= 10:
		return decimal(min(math.Floor(p), 99+math.Floor(done/total)), 0)
	case done > 0:
		return decimal(max(math.Floor(10*p)/10, 0.1), 1)
	}
	return "0"
}

// idle puts the controls back after a job.
func (t *task) idle() {
	t.spin.Stop()
	t.spin.Hide()
	t.bar.Hide()
	t.runBtn.Enable()
	t.stop.Disable()
}

// finish shows how a job ended: done (with what it did, a whole
// sentence), cancelled (with what was done so far) or failed.
func (t *task) finish(err error, started time.Time, summary string) {
	el := secs(time.Since(started).Seconds())
	switch {
	case err == nil:
		t.say(tr.F("%s It took %s.", summary, el))
	case errors.Is(err, context.Canceled):
		t.status.Importance = widget.WarningImportance
		t.setStatus(tr.F("Cancelled after %s. %s", el, summary))
	default:
		t.fail(runError(err))
	}
}

// progress reports (done, total) steps, at most once per
// Options.ProgressEvery (the first and the last report always go).
func (r *run) progress(done, total int) { r.partly(done, float64(done), total) }

// partly reports (done, total) steps and played, the steps' worth done
// with the share of the steps under way (a match's games during their
// moves), so that the bar moves within a long step.
func (r *run) partly(done int, played float64, total int) {
	every := int64(r.t.l.opts.ProgressEvery)
	now := time.Now().UnixNano()
	if done > 0 && done < total && now-r.last.Load() < every {
		return
	}
	r.last.Store(now)
	t, j, l := r.t, r.j, r.t.l
	l.opts.Post(func() {
		if !l.closed && t.job == j {
			j.done, j.total, j.played = done, total, played
			t.showProgress()
		}
	})
}

// onMove is a match's per-move progress as partly's, offset by base steps
// of total (the matches before it).
func (r *run) onMove(base, total int) func(ailab.Progress) {
	return func(p ailab.Progress) { r.partly(base+p.Done, float64(base)+p.Played, total) }
}

// show runs f on the UI goroutine if the job is still the running one.
func (r *run) show(f func()) {
	t, j, l := r.t, r.j, r.t.l
	l.opts.Post(func() {
		if !l.closed && t.job == j {
			f()
			t.layout()
		}
	})
}

// layout lays the screen's results out again.
func (t *task) layout() {
	if t.relayout != nil {
		t.relayout()
	}
}

// runError words an error that stopped a job (from package ai/lab, whose
// messages are English: it serves the command line too) in a translated
// frame.
func runError(err error) string {
	return tr.F("The run stopped: %s", strings.TrimPrefix(err.Error(), "lab: "))
}
