# Classement et statistiques : les réponses de `leaderboard` et `stats`.

leaderboard-empty = { $scope ->
        [server] Aucune partie classée n'a encore été terminée sur ce serveur.
       *[global] Aucune partie classée n'a encore été terminée, sur aucun serveur.
    } Les parties entre joueurs sont classées, sauf si elles sont `casual` : lancez-en une avec `challenge @player`.
leaderboard-title = **Classement** · parties classées { $scope ->
        [server] sur ce serveur
       *[global] sur tous les serveurs
    }
leaderboard-line = { $place }. **{ $name }** { $rating } · { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    } · { $record }
leaderboard-you = ← vous
leaderboard-provisional = ? provisoire : trop peu de parties, ou aucune depuis longtemps.

ratings-record = { $wins } V, { $draws } N, { $losses } D

stats-unknown-name = Je ne sais pas qui est `@{ $name }`. Mentionnez ce joueur pour que son nom soit mis en évidence (tapez `@` et choisissez-le dans la liste).
stats-never-played = { $player } n'a encore joué aucune partie avec moi : il n'y a pas de statistiques à montrer.
stats-title = **{ $name }** · parties classées { $scope ->
        [server] sur ce serveur
       *[global] sur tous les serveurs
    }
stats-rating = **{ $rating }** ±{ $deviation } { $scope ->
        [server] sur ce serveur
       *[global] sur tous les serveurs
    } ({ $games ->
        [one] { $games } partie
       *[other] { $games } parties
    })
stats-unrated = pas encore de cote { $scope ->
        [server] sur ce serveur
       *[global] sur tous les serveurs
    }
stats-ratings = Cote : { $ratings }
stats-record = Bilan : { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }, { $draws ->
        [one] { $draws } nulle
       *[other] { $draws } nulles
    }, { $losses ->
        [one] { $losses } défaite
       *[other] { $losses } défaites
    }
stats-no-record = Bilan : aucune partie classée pour l'instant
stats-by-colour = Avec les Blancs : { $white } · Avec les Noirs : { $black }
stats-by-ending = Victoires : { $wins } · Nulles : { $draws } · Défaites : { $losses }
stats-ending = { $count } { $ending ->
        [checkmate] par mat
        [throne] par le trône
        [stalemate] par pat
        [repetition] par répétition
        [resignation] par abandon
        [agreement] par accord mutuel
        [time] au temps
       *[abort] { $count ->
            [one] annulée
           *[other] annulées
        }
    }
stats-endings-none = { $outcome ->
       *[other] aucune
    }
stats-streak = Série en cours : { $outcome ->
        [win] { $count ->
            [one] { $count } victoire
           *[other] { $count } victoires
        }
        [draw] { $count ->
            [one] { $count } nulle
           *[other] { $count } nulles
        }
       *[loss] { $count ->
            [one] { $count } défaite
           *[other] { $count } défaites
        }
    }
stats-active = Parties en cours : { $count } ({ $games })
stats-active-none = Parties en cours : aucune
