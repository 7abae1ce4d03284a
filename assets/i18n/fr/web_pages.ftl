## Les pages web des tournois et des joueurs (celles des parties sont dans web.ftl).

## Pages des tournois.
page-tournament-title = Tournoi n° { $id } : { $name }
page-tournament-description = { $stage } · { $format } · tournoi de Rollerball par correspondance
page-tournament-open = Inscriptions ouvertes : { $count } { $count ->
    [one] joueur
   *[other] joueurs
  } sur { $max }
page-tournament-round = Ronde { $round } sur { $rounds }
page-tournament-finished = Terminé
page-tournament-cancelled = Annulé par son organisateur avant le début
page-tournament-progress = { $finished } sur { $games } { $games ->
    [one] partie terminée
   *[other] parties terminées
  }
page-tournament-organiser = Organisateur :
page-tournament-players = Joueurs
page-tournament-nobody = Personne ne s'est encore inscrit.
page-tournament-standings = Classement
page-tournament-crosstable = Grille américaine
page-tournament-legend = Légende :
page-tournament-withdrawn = retiré
page-tournament-annulled = retiré avant d'avoir joué la moitié de ses parties : résultats annulés
page-tournament-not-found = Il n'y a pas de tournoi n° { $id }.
page-column-place = Place
page-column-player = Joueur
page-column-points = Points
page-column-played = Jouées
page-column-left = Restantes
page-column-wins = Victoires
page-column-head-to-head = Confrontation directe
page-cross-game = Partie n° { $id }
page-cross-playing = Partie n° { $id }, encore en cours

## Pages des joueurs.
page-player-title = { $name } · joueur de Rollerball
page-player-description = { $record } · { $playing ->
    [one] { $playing } partie en cours
   *[other] { $playing } parties en cours
  }
page-player-ratings = Cotes
page-player-unrated = Aucune partie classée pour l'instant.
page-player-everywhere = Tous les serveurs
page-player-server = Serveur { $server }
page-player-provisional = ? signale une cote provisoire : trop peu de parties, ou aucune depuis longtemps.
page-column-scope = Où
page-column-rating = Cote
page-column-rated-games = Parties classées
page-player-playing = Parties en cours
page-player-none-playing = Aucune partie en cours.
page-player-finished = Parties terminées
page-player-latest = { $count ->
    [one] La dernière partie
   *[other] Les { $count } dernières parties
  }, la plus récente d'abord.
page-player-none-finished = Aucune partie terminée pour l'instant.
page-column-game = Partie
page-column-colour = Couleur
page-column-opponent = Adversaire
page-column-result = Résultat
page-column-started = Commencée
page-column-ended = Terminée
page-column-turn = Trait
page-player-turn = { $mine ->
    [yes] à lui de jouer
   *[no] à l'adversaire de jouer
  }
page-player-outcome = { $outcome ->
    [win] gagnée
    [draw] nulle
    [loss] perdue
   *[aborted] annulée
  }
page-player-not-found = Aucun joueur d'ici ne porte le numéro { $id }.
page-player-by-number = La page d'un joueur se trouve par son numéro Discord : /players/ suivi de ce numéro (un nom ne suffit pas, deux joueurs pouvant porter le même).
