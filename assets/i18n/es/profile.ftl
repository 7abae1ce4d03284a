# Desafiar desde un perfil: el comando del menú contextual de un miembro (Aplicaciones), su
# ventana y los rechazos de lo que pueden contener sus campos. Nombre: 32 caracteres como mucho;
# título y etiquetas: 45.

profile-command = Desafiar al Rollerball
profile-modal-title = Desafiar a { $name }
profile-days-label = Días por jugada (de { $min } a { $max })
profile-days-placeholder = { $default } si se deja vacío
profile-colour-label = Tu color
profile-colour-placeholder = blancas, negras o al azar (al azar si se deja vacío)
profile-rated-label = Puntuable o amistosa
profile-rated-placeholder = puntuable o amistosa (puntuable si se deja vacío)
profile-word-rated = puntuable
profile-word-casual = amistosa
profile-colour-bad = `{ $word }` no es un color: escribe blancas, negras o al azar, o déjalo vacío para al azar.
profile-rated-bad = `{ $word }` no es ni puntuable ni amistosa: escribe una de las dos, o déjalo vacío para puntuable.
profile-opponent-bot = { $name } es un bot y no puede jugar. Para jugar contra la computadora, usa `/rb challenge computer:1` (niveles 1 a 5).
