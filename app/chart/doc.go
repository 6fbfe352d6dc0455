// Package chart draws the lab's charts as Fyne widgets: line and grouped
// bar charts (Chart), a heat map over a board (HeatMap), and exports them
// as PNG (ExportPNG) and their data as CSV (WriteCSV, Chart.Table).
//
// Everything is drawn with Fyne's own canvas primitives — canvas.Line,
// canvas.Rectangle, canvas.Circle and canvas.Text — rather than with a
// plotting library: no cgo-free Go plotting library renders natively into
// a Fyne canvas (gonum/plot and go-chart draw into images or SVG, which
// would have to be re-rasterised at every resize and theme change, with
// text in fonts that do not match the theme), and our charts are simple:
// a few series, nice ticks, a legend.
//
// Files:
//   - chart.go: the Chart widget and its data (Series, NewLine, NewBar).
//   - render.go: the Chart's renderer: builds its canvas objects once per
//     SetSeries, positions them in Layout, recolours them in Refresh.
//   - style.go: each line series' style (colour, dash pattern, marker,
//     width) and the drawing of dashes and markers.
//   - ticks.go: nice linear ticks (whole ones for counts), decade ticks for
//     log scales, labels.
//   - palette.go: series colours that read on light and dark themes, the
//     heat map's colour ramp, WCAG luminance and contrast.
//   - heatmap.go: the HeatMap widget (MCTS visit counts over the board).
//   - export.go: ExportPNG (headless, with the software renderer) and
//     WriteCSV.
//
// The widgets follow Fyne's threading rule: call their methods on the UI
// goroutine (inside fyne.Do from a background goroutine).
package chart
