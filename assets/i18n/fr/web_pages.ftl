## Les pages web des tournois et des joueurs (celles des parties sont dans web.ftl).

## Pages des tournois.
page-tournament-title = Tournoi n° { $id } : { $name }
page-tournament-description = { $stage } · { $format } · tournoi de Rollerball par correspondance
page-tournament-open = Inscriptions ouvertes : { $count } { $count ->
    [one] joueur
   *[other] joueurs
  } sur { $max }
page-tournament-running = En cours : toutes les parties se jouent en même temps
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

## La page d'accueil (/).
home-title = Rollerball par correspondance sur Discord
home-description = Suivez les parties en cours, rejouez les parties terminées, suivez les tournois et apprenez à jouer au Rollerball sur Discord.
home-intro = Le Rollerball est une variante des échecs sur un anneau : 40 cases autour d'un trou, des tours et des fous qui rebondissent sur les bords, et deux façons de gagner, le mat ou le tour de l'anneau que fait votre roi jusqu'au trône adverse. Ce bot en fait jouer des parties par correspondance sur Discord : prenez des jours pour un coup si vous le voulez. Chaque partie a ici sa page, pour la suivre, la rejouer et la télécharger.
home-guide = Le guide des joueurs
home-guide-what = explique comment défier quelqu'un, taper un coup, et tout ce que fait le bot.
home-add = Ajouter le bot
home-add-server = Ajouter Rollerball à un serveur
home-add-server-what = (il faut avoir le droit de gérer le serveur).
home-add-account = L'ajouter à votre propre compte
home-add-account-what = pour jouer avec vos amis partout sur Discord, même là où le bot n'est pas.
home-add-ask = Pour jouer, il vous faut un serveur Discord où se trouve le bot : demandez à la personne qui gère ce bot de l'ajouter au vôtre.
home-playing = Parties en cours
home-finished = Parties terminées
home-tournaments = Tournois
home-none-playing = Aucune partie en cours pour l'instant.
home-none-finished = Aucune partie n'est encore terminée.
home-none-tournaments = Aucun tournoi pour l'instant.
home-to-move = Au tour de { $player } · { $moves ->
    [0] aucun coup joué
    [one] { $moves } coup
   *[other] { $moves } coups
  }
home-won = { $side ->
    [white] victoire des Blancs
   *[black] victoire des Noirs
  }
home-drawn = nulle
home-aborted = annulée
home-tournament = { $stage ->
    [open] inscriptions ouvertes
    [running] en cours
   *[finished] terminé
  }, { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
  }

## Le guide des joueurs (/help).
help-page-title = Guide des joueurs
help-page-description = Comment jouer au Rollerball par correspondance avec le bot : chaque commande, avec des exemples.
