module boardgames

go 1.26
