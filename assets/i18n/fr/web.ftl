## La commande `web` et les pages web du bot (parties, tournois, joueurs).

help-web = La page web de la partie, pour la suivre, la rejouer et la télécharger depuis n'importe quel navigateur ; pour un joueur de la partie, un lien privé pour la jouer depuis le navigateur (gardez-le pour vous : il joue en votre nom pendant 30 jours). `web revoke` met hors service tous les liens privés que vous avez reçus.
web-off = Ce bot ne sert pas de pages web (son administrateur n'a pas réglé `PUBLIC_URL`).
web-page = **Partie n° { $id }** sur le web : { $page }
web-page-no-moving = **Partie n° { $id }** sur le web : { $page }
    Jouer depuis le navigateur n'est pas activé sur ce bot (pas de `WEB_SECRET`) : jouez ici comme d'habitude.
web-private = **Partie n° { $id }** sur le web : { $page }
    Votre lien privé pour la jouer depuis un navigateur : { $link }
    Gardez-le pour vous : quiconque l'a peut jouer à votre place dans cette partie. Il marche 30 jours ; redemandez `web` pour en avoir un nouveau, et `web revoke` si quelqu'un d'autre a pu le voir.
web-button = Ouvrir dans le navigateur
web-link-line = 🌐 { $page }

## Pages des parties.
web-game-title = Partie n° { $id } : { $white } contre { $black }
web-game-description = { $state } · { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
  } · partie de Rollerball par correspondance
web-to-move = { $player } au trait ({ $side ->
    [white] Blancs
   *[black] Noirs
  })
web-check = Échec !
web-deadline = Échéance :
web-no-deadline = Pas d'échéance.
web-days = { $days ->
    [one] { $days } jour par coup
   *[other] { $days } jours par coup
  }
web-rated = classée
web-casual = amicale
web-unrated = non classé
web-computer = ordinateur
web-white = Blancs
web-black = Noirs
web-moves = Coups
web-no-moves = Aucun coup pour l'instant.
web-start = Début
web-previous = Coup précédent
web-next = Coup suivant
web-end = Dernier coup
web-replay-help = Parcourez la partie avec ← → Début Fin, ou cliquez sur un coup.
web-showing = Position après le { $nth ->
    [one] { $number }er
   *[other] { $number }e
  } coup des { $side ->
    [white] Blancs
   *[black] Noirs
  }.
web-showing-start = Position de départ.
web-back-to-game = Revenir à la position actuelle
web-download = Télécharger :
web-pgn = notation (PGN)
web-gif = GIF animé
web-png = plateau (PNG)
web-gif-part = L'animation montre { $plies ->
        [one] le dernier demi-coup
       *[other] les { $plies } derniers demi-coups
    } sur { $total } ; la partie (PGN) les contient tous.
web-analysis = Analyse
web-analysis-graph = L'évaluation du moteur au fil de la partie, du point de vue des Blancs
web-analysis-graph-points = Chaque point est une position : cliquez dessus pour voir l'échiquier à ce moment.
web-tournament = Ronde { $round } de { $name }
web-offer-draw = { $side ->
    [white] Les Blancs proposent
   *[black] Les Noirs proposent
  } la nulle.
web-offer-takeback = { $side ->
    [white] Les Blancs demandent
   *[black] Les Noirs demandent
  } à reprendre le dernier coup.
web-watching = { $count ->
    [one] { $count } spectateur
   *[other] { $count } spectateurs
  }
web-live = En direct : cette page se met à jour toute seule.
web-too-many-streams = Trop de pages en direct sont ouvertes depuis votre adresse ; fermez-en quelques-unes et rechargez.
web-not-found = Il n'y a pas de partie n° { $id }.
web-page-not-found = Cette page n'existe pas.
web-failed = La page n'a pas pu être faite pour l'instant ; réessayez dans un moment.
web-busy = Le serveur est occupé à faire d'autres fichiers ; réessayez dans quelques secondes.
web-language = Langue :

## Jouer depuis le navigateur.
web-play-heading = Vous jouez les { $side ->
    [white] Blancs
   *[black] Noirs
  }
web-play-your-move = À vous : cliquez sur une pièce, puis sur sa destination, ou tapez le coup.
web-play-their-move = En attente du coup de votre adversaire.
web-play-move-label = Coup
web-play-submit = Jouer
web-play-draw = Proposer la nulle
web-play-accept-draw = Accepter la nulle
web-play-decline-draw = Refuser la nulle
web-play-draw-waits = Votre proposition de nulle attend la réponse de votre adversaire.
web-play-withdraw-draw = Retirer votre proposition de nulle
web-play-takeback = Demander à reprendre votre dernier coup
web-play-accept-takeback = Accepter la reprise
web-play-decline-takeback = Refuser la reprise
web-play-takeback-waits = Votre demande de reprise attend la réponse de votre adversaire.
web-play-withdraw-takeback = Retirer votre demande de reprise
web-play-played = Vous avez joué { $san }. En attente du coup de votre adversaire.
web-play-resign = Abandonner
web-play-resign-confirm = Abandonner la partie n° { $id } ? C'est définitif.
web-play-done = C'est fait.
web-link-invalid = Ce lien n'est pas valide : il a pu être modifié, ou le secret du bot a changé. Demandez-en un nouveau au bot avec `web`.
web-link-expired = Ce lien a expiré. Demandez-en un nouveau au bot avec `web`.
web-link-off = Jouer depuis le navigateur n'est pas activé sur ce bot.
web-link-none = Vous n'êtes pas connecté pour jouer cette partie depuis ce navigateur. Ouvrez d'abord le lien privé que le bot vous a donné (`web`).
web-link-other-game = Votre lien privé est celui de la partie n° { $id }, pas de celle-ci.
web-link-stale = Ce formulaire n'est plus à jour (la page était ouverte dans un autre onglet, ou il a été envoyé deux fois). Rechargez la page et réessayez.
web-foreign-form = Ce formulaire a été envoyé depuis un autre site : rien n'a été fait. Jouez depuis la page de la partie.
web-revoked = Vos liens privés sont révoqués : aucun de ceux que le bot vous a donnés ne marche plus, dans aucune partie. Demandez `web` pour en avoir un nouveau.
web-link-revoked = Ce lien a été révoqué par son joueur (`web revoke`). Demandez-en un nouveau au bot avec `web`.
web-link-unchecked = Ce lien n'a pas pu être vérifié pour l'instant ; réessayez dans un moment.
web-signin-title = Jouer depuis votre navigateur
web-signin-working = Connexion…
web-signin-intro = Cette page vous connecte avec le lien privé que le bot vous a donné (`web`). Si elle ne le fait pas d'elle-même, collez ici le lien entier (ou le code après son `#`).
web-signin-label = Lien privé
web-signin-submit = Se connecter
