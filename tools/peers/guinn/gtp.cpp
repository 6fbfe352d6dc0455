// gtp.cpp: our GTP adapter around GuiNN Checkers' engine, which speaks
// only CheckerBoard's engine interface (getmove: a board in, the board
// after its move out). It keeps the game's board itself, in the PDN
// squares 1..32 of docs/protocol.md, with its own move generator (English
// checkers: captures compulsory, a man that is crowned ends its move), and
// names the engine's move by finding the legal move that leads to the
// board getmove returns. Ours, not GuiNN's: see README.md.
//
// Usage: guinn-gtp [-movetime SECONDS] [-hash MB] [-cpulog FILE]
//   -movetime  the time getmove is given per move, in its exact-time
//              mode (default 0.85 of the move's budget from
//              bg-time_left_ms or time_settings; at most 0.9 of it)
//   -hash      the transposition table's size in MB (default 128)
//   -cpulog    append a line per move: "move", the CPU seconds and the
//              wall seconds the engine's getmove took; and at the end
//              "total" and the process's CPU seconds
// Run it in the folder that holds Nets206.gnn and database.jef (GuiNN's
// 2-4 piece databases), which it reads from there.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>
#include <iostream>
#include <sstream>
#include <algorithm>
#include <thread>

#include "engine.h"
#include "cb_interface.h"

int WINAPI getmove(int board[8][8], int color, double maxtime, char str[1024], int* playnow, int info, int moreinfo, struct CBmove* move);
void InitializeGuiDatabases(SDatabaseInfo& dbInfo);
extern int guinnHashMB; // shim_gui.cpp

namespace {

const int BMAN = CB_BLACK | CB_MAN, BKING_ = CB_BLACK | CB_KING;
const int WMAN = CB_WHITE | CB_MAN, WKING_ = CB_WHITE | CB_KING;

struct Position {
	int sq[33] = {}; // PDN squares 1..32: 0 or a CheckerBoard piece code
	int toMove = CB_BLACK;
};

struct GameMove {
	std::vector<int> path; // the squares it visits, the start first
	std::vector<int> captured;
};

int rowOf(int n) { return (n - 1) / 4; }
int colOf(int n) { int r = rowOf(n); return r % 2 == 0 ? 2 * ((n - 1) % 4) + 1 : 2 * ((n - 1) % 4); }
int square(int r, int c)
{
	if (r < 0 || r > 7 || c < 0 || c > 7 || (r + c) % 2 == 0)
		return 0;
	return r * 4 + c / 2 + 1;
}

Position startPosition()
{
	Position p;
	for (int n = 1; n <= 12; n++) p.sq[n] = BMAN;
	for (int n = 21; n <= 32; n++) p.sq[n] = WMAN;
	return p;
}

// Directions a piece moves in: rows +1 (towards 32) for Black's men, -1
// for White's, both for kings.
std::vector<int> rowDirs(int piece)
{
	if (piece & CB_KING) return { -1, 1 };
	return { (piece & CB_BLACK) ? 1 : -1 };
}

bool crowns(int piece, int n)
{
	if (piece & CB_KING) return false;
	return (piece & CB_BLACK) ? rowOf(n) == 7 : rowOf(n) == 0;
}

void jumps(const Position& p, int piece, GameMove cur, std::vector<GameMove>& out)
{
	int from = cur.path.back();
	bool more = false;
	for (int dr : rowDirs(piece)) {
		for (int dc : { -1, 1 }) {
			int mid = square(rowOf(from) + dr, colOf(from) + dc);
			int to = square(rowOf(from) + 2 * dr, colOf(from) + 2 * dc);
			if (!mid || !to) continue;
			int m = p.sq[mid];
			if (!m || (m & piece & (CB_BLACK | CB_WHITE))) continue;
			if (std::find(cur.captured.begin(), cur.captured.end(), mid) != cur.captured.end()) continue;
			if (p.sq[to] && to != cur.path.front()) continue;
			GameMove next = cur;
			next.path.push_back(to);
			next.captured.push_back(mid);
			more = true;
			if (crowns(piece, to)) out.push_back(next);
			else jumps(p, piece, next, out);
		}
	}
	if (!more && !cur.captured.empty()) out.push_back(cur);
}

std::vector<GameMove> legalMoves(const Position& p)
{
	std::vector<GameMove> caps, steps;
	for (int n = 1; n <= 32; n++) {
		int piece = p.sq[n];
		if (!(piece & p.toMove)) continue;
		GameMove start;
		start.path.push_back(n);
		jumps(p, piece, start, caps);
		for (int dr : rowDirs(piece))
			for (int dc : { -1, 1 }) {
				int to = square(rowOf(n) + dr, colOf(n) + dc);
				if (to && !p.sq[to]) steps.push_back(GameMove{ { n, to }, {} });
			}
	}
	return caps.empty() ? steps : caps;
}

Position apply(Position p, const GameMove& m)
{
	int piece = p.sq[m.path.front()];
	p.sq[m.path.front()] = 0;
	for (int c : m.captured) p.sq[c] = 0;
	if (crowns(piece, m.path.back())) piece = (piece & ~CB_MAN) | CB_KING;
	p.sq[m.path.back()] = piece;
	p.toMove = CB_CHANGECOLOR(p.toMove);
	return p;
}

std::string moveName(const GameMove& m)
{
	std::string s;
	for (size_t i = 0; i < m.path.size(); i++) {
		if (i) s += m.captured.empty() ? "-" : "x";
		s += std::to_string(m.path[i]);
	}
	return s;
}

std::string lower(std::string s)
{
	for (auto& c : s) c = (char)tolower((unsigned char)c);
	return s;
}

// findMove is the legal move named s: in full, or by its first and last
// squares when that names one move.
bool findMove(const Position& p, const std::string& s, GameMove& out)
{
	std::vector<GameMove> legal = legalMoves(p);
	std::string want = lower(s);
	for (auto& m : legal)
		if (moveName(m) == want) { out = m; return true; }
	int found = 0;
	for (auto& m : legal) {
		std::string ends = std::to_string(m.path.front()) + (m.captured.empty() ? "-" : "x") + std::to_string(m.path.back());
		if (ends == want) { out = m; found++; }
	}
	return found == 1;
}

void toCB(const Position& p, int b[8][8])
{
	memset(b, 0, sizeof(int) * 64);
	for (int n = 1; n <= 32; n++) {
		int x, y;
		numbertocoors(n, &x, &y, GT_ENGLISH);
		b[x][y] = p.sq[n];
	}
}

bool sameAsCB(const Position& p, int b[8][8])
{
	int mine[8][8];
	toCB(p, mine);
	return memcmp(mine, b, sizeof(mine)) == 0;
}

// parseFEN reads a PDN FEN such as B:W21,22,K30:B1,2.
bool parseFEN(const std::string& fen, Position& out)
{
	Position p;
	std::string s;
	for (char c : fen) if (c != ' ' && c != '.') s += (char)toupper((unsigned char)c);
	if (s.size() < 2 || (s[0] != 'B' && s[0] != 'W') || s[1] != ':') return false;
	p.toMove = s[0] == 'B' ? CB_BLACK : CB_WHITE;
	std::stringstream parts(s.substr(2));
	std::string part;
	while (std::getline(parts, part, ':')) {
		if (part.empty()) continue;
		int colour = part[0] == 'B' ? CB_BLACK : part[0] == 'W' ? CB_WHITE : 0;
		if (!colour) return false;
		std::stringstream items(part.substr(1));
		std::string it;
		while (std::getline(items, it, ',')) {
			if (it.empty()) continue;
			bool king = it[0] == 'K';
			if (king) it = it.substr(1);
			char* end;
			long n = strtol(it.c_str(), &end, 10);
			if (*end || n < 1 || n > 32) return false;
			p.sq[n] = colour | (king ? CB_KING : CB_MAN);
		}
	}
	out = p;
	return true;
}

double clockSeconds(clockid_t id)
{
	timespec ts;
	clock_gettime(id, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

struct Adapter {
	Position pos = startPosition();
	std::vector<Position> undo;
	bool newGame = true;
	double moveTime = 0;    // -movetime, 0 if not given
	double budget = 1;      // the move's budget in seconds
	std::string cpuLog;
	std::thread init; // starts the engine while the first commands are answered

	void initEngine()
	{
		static char msg[1024];
		checkerBoard.bActive = true; // as getmove does on its first call
		engine.Init(msg);
		// Under CheckerBoard the engine asks only Kingsrow's databases
		// (not in this build); load its own 2-4 piece ones as its GUI does.
		InitializeGuiDatabases(engine.dbInfo);
		if (!engine.dbInfo.loaded)
			fprintf(stderr, "guinn-gtp: database.jef not found: no endgame databases\n");
		engine.transcript.Init(engine.board);
	}

	std::string genmove(bool& ok)
	{
		std::vector<GameMove> legal = legalMoves(pos);
		if (legal.empty()) return "resign";
		// The first move waits for the engine to start (about 0.2 s of
		// CPU: the network, the databases, clearing the transposition
		// table), then thinks for its time, or what is left of the budget.
		double waited = 0;
		if (init.joinable()) {
			double w0 = clockSeconds(CLOCK_MONOTONIC);
			init.join();
			waited = clockSeconds(CLOCK_MONOTONIC) - w0;
		}
		int b[8][8];
		toCB(pos, b);
		double t = std::min(moveTime > 0 ? moveTime : 0.85 * budget, 0.9 * budget - waited);
		t = std::max(t, 0.02);
		char info[1024] = "";
		int playnow = 0;
		CBmove cbm;
		double cpu0 = clockSeconds(CLOCK_PROCESS_CPUTIME_ID), wall0 = clockSeconds(CLOCK_MONOTONIC);
		// CB_EXACT_TIME: no new iteration after 70% of the time and a hard
		// stop at it (without it GuiNN may run to twice its time, and more
		// when a move fails low, and lose on time).
		getmove(b, pos.toMove, t, info, &playnow, CB_EXACT_TIME | (newGame ? CB_RESET_MOVES : 0), 0, &cbm);
		double cpu = clockSeconds(CLOCK_PROCESS_CPUTIME_ID) - cpu0, wall = clockSeconds(CLOCK_MONOTONIC) - wall0;
		newGame = false;
		if (!cpuLog.empty()) {
			if (FILE* f = fopen(cpuLog.c_str(), "a")) {
				fprintf(f, "move %.4f %.4f\n", cpu, wall);
				fclose(f);
			}
		}
		for (auto& m : legal) {
			Position after = apply(pos, m);
			if (sameAsCB(after, b)) {
				undo.push_back(pos);
				pos = after;
				return moveName(m);
			}
		}
		ok = false;
		return "the engine's board matches no legal move";
	}

	std::string showboard()
	{
		std::string s;
		for (int r = 0; r < 8; r++) {
			s += "\n";
			for (int c = 0; c < 8; c++) {
				int n = square(r, c);
				int v = n ? pos.sq[n] : 0;
				s += !n ? ' ' : v == BMAN ? 'b' : v == BKING_ ? 'B' : v == WMAN ? 'w' : v == WKING_ ? 'W' : '.';
			}
		}
		s += pos.toMove == CB_BLACK ? "\nBlack to move" : "\nWhite to move";
		return s;
	}

	// handle answers one command; ok false makes it a failure.
	std::string handle(const std::string& name, const std::vector<std::string>& args, bool& ok, bool& quit)
	{
		static const char* commands[] = { "protocol_version", "name", "version", "known_command", "list_commands", "quit",
			"set_game", "list_games", "boardsize", "clear_board", "komi", "play", "genmove", "undo", "time_settings",
			"time_left", "bg-time_left_ms", "bg-position", "showboard", "bg-legal_moves" };
		std::string rest;
		for (size_t i = 0; i < args.size(); i++) rest += (i ? " " : "") + args[i];
		if (name == "protocol_version") return "2";
		if (name == "name") return "GuiNN Checkers";
		if (name == "version") return "2.06 (Linux port, GTP adapter)";
		if (name == "known_command") {
			for (auto c : commands) if (!args.empty() && args[0] == c) return "true";
			return "false";
		}
		if (name == "list_commands") {
			std::string s;
			for (auto c : commands) s += (s.empty() ? "" : "\n") + std::string(c);
			return s;
		}
		if (name == "quit") { quit = true; return ""; }
		if (name == "set_game") {
			if (lower(rest) != "checkers") { ok = false; return "unsupported game"; }
			return "";
		}
		if (name == "list_games") return "Checkers";
		if (name == "boardsize") {
			if (rest != "8") { ok = false; return "unacceptable size"; }
			return "";
		}
		if (name == "clear_board") { pos = startPosition(); undo.clear(); newGame = true; return ""; }
		if (name == "komi" || name == "time_left") return "";
		if (name == "time_settings") {
			if (args.size() == 3 && atof(args[0].c_str()) == 0 && atof(args[1].c_str()) > 0) budget = atof(args[1].c_str());
			return "";
		}
		if (name == "bg-time_left_ms") {
			if (args.size() == 2 && atof(args[1].c_str()) > 0) budget = atof(args[1].c_str()) / 1000;
			return "";
		}
		if (name == "bg-position") {
			Position p;
			if (!parseFEN(rest, p)) { ok = false; return "bad position"; }
			pos = p;
			undo.clear();
			newGame = true;
			return "";
		}
		if (name == "play") {
			GameMove m;
			if (args.size() != 2 || !findMove(pos, args[1], m)) { ok = false; return "illegal move"; }
			undo.push_back(pos);
			pos = apply(pos, m);
			return "";
		}
		if (name == "genmove") return genmove(ok);
		if (name == "undo") {
			if (undo.empty()) { ok = false; return "cannot undo"; }
			pos = undo.back();
			undo.pop_back();
			return "";
		}
		if (name == "showboard") return showboard();
		if (name == "bg-legal_moves") {
			std::string s;
			for (auto& m : legalMoves(pos)) s += (s.empty() ? "" : " ") + moveName(m);
			return s;
		}
		ok = false;
		return "unknown command";
	}
};

} // namespace

int main(int argc, char** argv)
{
	Adapter a;
	for (int i = 1; i < argc; i++) {
		std::string arg = argv[i];
		if (arg == "-movetime" && i + 1 < argc) a.moveTime = atof(argv[++i]);
		else if (arg == "-cpulog" && i + 1 < argc) a.cpuLog = argv[++i];
		else if (arg == "-hash" && i + 1 < argc) guinnHashMB = std::max(1, atoi(argv[++i]));
		else {
			fprintf(stderr, "usage: guinn-gtp [-movetime SECONDS] [-hash MB] [-cpulog FILE]\n");
			return 2;
		}
	}
	// The engine starts beside the first commands: the handshake must not
	// wait for it.
	a.init = std::thread([&a] { a.initEngine(); });
	std::string line;
	bool quit = false;
	while (!quit && std::getline(std::cin, line)) {
		std::string clean;
		for (char c : line) {
			if (c == '#') break;
			if (c == '\t') c = ' ';
			if ((unsigned char)c < 32 && c != '\n') continue;
			clean += c;
		}
		std::stringstream ss(clean);
		std::vector<std::string> words;
		std::string w;
		while (ss >> w) words.push_back(w);
		if (words.empty()) continue;
		std::string id;
		if (isdigit((unsigned char)words[0][0])) {
			id = words[0];
			words.erase(words.begin());
			if (words.empty()) continue;
		}
		std::string name = words[0];
		words.erase(words.begin());
		bool ok = true;
		std::string reply = a.handle(name, words, ok, quit);
		std::cout << (ok ? "=" : "?") << id << (reply.empty() ? "" : " ") << reply << "\n\n" << std::flush;
	}
	if (a.init.joinable())
		a.init.join();
	if (!a.cpuLog.empty()) {
		if (FILE* f = fopen(a.cpuLog.c_str(), "a")) {
			fprintf(f, "total %.4f\n", clockSeconds(CLOCK_PROCESS_CPUTIME_ID));
			fclose(f);
		}
	}
	return 0;
}
