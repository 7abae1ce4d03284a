# Challenge from a profile: the user context-menu command (a member → Apps), its modal and the
# refusals of what the modal's fields may hold. The command's name is at most 32 characters; the
# modal's title and labels at most 45.

profile-command = Challenge to Rollerball
profile-modal-title = Challenge { $name }
profile-days-label = Days per move ({ $min } to { $max })
profile-days-placeholder = { $default } if left empty
profile-colour-label = Your colour
profile-colour-placeholder = white, black or random (random if left empty)
profile-rated-label = Rated or casual
profile-rated-placeholder = rated or casual (rated if left empty)
profile-word-rated = rated
profile-word-casual = casual
profile-colour-bad = `{ $word }` is not a colour: write white, black or random, or leave it empty for random.
profile-rated-bad = `{ $word }` is neither rated nor casual: write one of them, or leave it empty for rated.
profile-opponent-bot = { $name } is a bot and cannot play. To play the computer, use `/rb challenge computer:1` (levels 1 to 5).
