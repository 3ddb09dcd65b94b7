for i = 1, 1000 do game.on("phase.begin", function() local n = 0 for k = 1, 100000 do n = n + k end end) end
