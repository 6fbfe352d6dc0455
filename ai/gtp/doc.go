// Package gtp speaks GTP, the Go Text Protocol version 2 (Gunnar
// Farnebäck's specification), the line protocol board-game engines beyond
// chess use (Edax speaks it for Othello), with Boardgames' move notations
// and a few extension commands for what GTP lacks. docs/protocol.md
// describes the protocol as a bot's author sees it, with a transcript.
//
// Both sides are here:
//   - the controller's side, which drives an engine: Client (commands and
//     replies), Player (a whole game: setting it up, telling the engine
//     the moves, asking for its moves and checking them, with a time
//     budget), and Engine (a Player whose engine is a child process,
//     started by Launch under the limits of package proc);
//   - the engine's side, for bots written in Go: Server (the protocol and
//     the administrative commands) and NewEngine (the game commands, the
//     board kept for the bot, which only chooses moves).
//
// Framing (section 2 of the specification): a command is one line, "[id]
// name [arguments]"; the reply is "=[id] text" on success or "?[id]
// message" on failure, and ends with an empty line. Lines are cleaned
// first: control characters go, tabs become spaces, '#' starts a comment.
// Lines an engine writes before a reply starts (Edax's progress messages)
// are skipped unless the Client is Strict.
//
// Moves are written in the game's own notation (f5 and pass in Othello,
// 11-15 and 22x15x6 in checkers, a column 1..7 in Connect Four, c6 in
// Adjacency); colours are b (black) and w (white), black being the first
// colour of every game (Connect Four's Red, Adjacency's Blue/X).
//
// Files:
//   - doc.go     this overview
//   - wire.go    framing: commands, replies, preprocessing, line reading
//   - client.go  Client, the controller's side of the conversation
//   - player.go  Player: a game driven over a Client, Budget, Fault
//   - launch.go  Launch and Engine: a Player on a child process (in its
//     working directory, with Program); SplitCommand
//   - transcript.go Transcript: a conversation and its stderr, for people
//   - server.go  Server, the engine's side, with the administrative commands
//   - engine.go  NewEngine: the game commands and the extensions, for a Bot
package gtp
