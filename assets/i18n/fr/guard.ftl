# Guarding the bot against hostile input: the rate limit, invisible characters, mass mentions.

rate-slow-down = Vous m'envoyez des commandes plus vite que je ne peux les traiter — attendez quelques secondes et réessayez.
command-direction-control = Ce message contient un caractère invisible de direction du texte (U+{ $code }), qui fait lire le texte autrement qu'il n'apparaît. Retapez la commande sans ce caractère.
command-role-mention = `{ $role }` est un rôle, et un défi s'adresse à un seul joueur : mentionnez-le, ou ne nommez personne pour un défi ouvert que n'importe qui ici peut accepter.
command-unknown-mention = `{ $mention }` n'est personne que Discord connaisse : mentionnez un joueur en le choisissant dans la liste qui s'ouvre quand vous tapez `@`. Rien n'a été changé.
challenge-mass-mention = Je ne notifie jamais `@{ $name }` : un défi s'adresse à un seul joueur (mentionnez-le), ou ne nommez personne pour un défi ouvert que n'importe qui ici peut accepter.
