game.on("phase.begin", function() table.move({}, 1, 1e15, 1, {}) end)
