# The game service's answers: refusals, failures, and what a command did.

store-conflict = The game changed while I was working on that (someone acted at the same moment). Nothing was done: look at the board and try again.
store-unavailable = I can't reach my database just now, so nothing was changed. Please try again shortly.
button-unknown = That button is not one of mine, or it is too old to use.
