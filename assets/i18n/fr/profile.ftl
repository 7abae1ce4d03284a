# Défier depuis un profil : la commande du menu contextuel d'un membre (Applications), sa fenêtre
# et les refus de ce que ses champs peuvent contenir. Nom : 32 caractères au plus ; titre et
# libellés : 45.

profile-command = Défier au Rollerball
profile-modal-title = Défier { $name }
profile-days-label = Jours par coup (de { $min } à { $max })
profile-days-placeholder = { $default } si vide
profile-colour-label = Votre couleur
profile-colour-placeholder = blancs, noirs ou au hasard (au hasard si vide)
profile-rated-label = Classée ou amicale
profile-rated-placeholder = classée ou amicale (classée si vide)
profile-word-rated = classée
profile-word-casual = amicale
profile-colour-bad = `{ $word }` n'est pas une couleur : écrivez blancs, noirs ou au hasard, ou laissez vide pour au hasard.
profile-rated-bad = `{ $word }` n'est ni classée ni amicale : écrivez l'un des deux, ou laissez vide pour classée.
profile-opponent-bot = { $name } est un bot et ne peut pas jouer. Pour jouer contre l'ordinateur, utilisez `/rb challenge computer:1` (niveaux 1 à 5).
