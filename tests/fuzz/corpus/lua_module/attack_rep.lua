game.on("phase.begin", function() string.rep("", math.maxinteger) end)
