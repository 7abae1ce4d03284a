# Guarding the bot against hostile input: the rate limit, invisible characters, mass mentions.

rate-slow-down = Vous m'envoyez des commandes plus vite que je ne peux les traiter — attendez quelques secondes et réessayez.
# Les plafonds de ce qu'un joueur peut avoir à la fois ($count vaut au moins $max).
cap-games = Vous avez déjà { $count } { $count ->
    [one] partie
   *[other] parties
  } en cours, et { $max } à la fois est le maximum pour un joueur : terminez-en une avant d'en commencer une autre.
cap-games-other = { $player } a déjà { $count } { $count ->
    [one] partie
   *[other] parties
  } en cours, et { $max } à la fois est le maximum pour un joueur : cette partie pourra commencer quand il en aura terminé une.
cap-computer-games = Vous avez déjà { $count } { $count ->
    [one] partie
   *[other] parties
  } contre l'ordinateur en cours, et { $max } à la fois est le maximum : terminez-en une avant d'en commencer une autre.
cap-tournaments = Vous organisez déjà { $count } { $count ->
    [one] tournoi qui n'a pas commencé
   *[other] tournois qui n'ont pas commencé
  }, et le maximum est de { $max } : lancez-en ou annulez-en un avant d'en créer un autre.
command-direction-control = Ce message contient un caractère invisible de direction du texte (U+{ $code }), qui fait lire le texte autrement qu'il n'apparaît. Retapez la commande sans ce caractère.
challenge-mass-mention = Je ne notifie jamais `@{ $name }` : un défi s'adresse à un seul joueur (mentionnez-le), ou ne nommez personne pour un défi ouvert que n'importe qui ici peut accepter.
