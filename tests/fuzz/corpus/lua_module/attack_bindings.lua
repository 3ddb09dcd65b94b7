game.on("phase.begin", function() pcall(game.roll, 2^32+6) pcall(game.retreat_destinations, 0, 2^31-1) pcall(game.set_hits, 0, 2^32) end)
