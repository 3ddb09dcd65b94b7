pcall(function() getmetatable(_ENV).__index.ipairs = nil end)
pcall(function() string.rep = nil end)
game.on("phase.begin", function() game.log(("x"):rep(10)) end)
