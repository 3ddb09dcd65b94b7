game.on("phase.begin", function() string.find(("a"):rep(40), ("a*"):rep(40) .. "b") end)
