# The Discord front end's own texts, and the slash commands as Discord shows them.
# Subcommand, option and choice names: lower case, no spaces, at most 32 characters (Discord's
# rules). Discord still sends the English name, so these only change what players see.

thread-name = Partie #{ $id } : { $white } contre { $black }
tournament-thread-name = { $name } · #{ $id } { $white } contre { $black }
discord-thread-intro = { $players } — ce fil est celui de la **partie #{ $id }**. Tapez votre coup ici (par exemple `Rb7`), ou utilisez `/rb move`.
discord-secret-deleted = J'ai supprimé votre message du salon : personne d'autre ne peut plus l'y lire.
discord-secret-kept = Je n'ai pas pu supprimer votre message du salon (il me faut pour cela la permission Gérer les messages) : supprimez-le vous-même, pour que votre adversaire ne lise pas vos coups.
discord-files-left-out = (Je n'ai pas pu joindre l'image ou les fichiers ici ; `board` montre de nouveau l'échiquier.)
slash-pick-subcommand = Choisissez une des sous-commandes de la commande, par exemple `/rb-info help`.
slash-opponent-both = Désignez comme adversaire un joueur ou l'ordinateur, pas les deux.
slash-days = Le nombre de jours par coup doit aller de { $min } à { $max }, pas { $days }.
slash-square = `{ $square }` n'est pas une case ; les cases s'écrivent comme `e1`.
slash-unknown = Je ne connais pas `/{ $name }` ; essayez `/rb-info help`.
command-role-mention = `{ $role }` est un rôle, et un défi s'adresse à un seul joueur : mentionnez-le, ou ne nommez personne pour un défi ouvert que n'importe qui ici peut accepter.
command-unknown-mention = `{ $mention }` n'est personne que Discord connaisse : mentionnez un joueur en le choisissant dans la liste qui s'ouvre quand vous tapez `@`. Rien n'a été changé.

## The command's description; its subcommands are described by the first sentence of their help.

slash-rb = Jouez au Rollerball par correspondance

## Subcommand names

slash-sub-challenge = défier
slash-sub-accept = accepter
slash-sub-decline = refuser
slash-sub-cancel = retirer
slash-sub-move = jouer
slash-sub-board = échiquier
slash-sub-moves = coups
slash-sub-history = historique
slash-sub-games = parties
slash-sub-web = web
slash-sub-export = exporter
slash-sub-resign = abandonner
slash-sub-draw = nulle
slash-sub-takeback = reprendre
slash-sub-abort = annuler
slash-sub-moretime = plus-de-temps
slash-sub-rematch = revanche
slash-sub-leaderboard = classement
slash-sub-stats = statistiques
slash-sub-rules = règles
slash-sub-help = aide

## Options: the name, then what it is for

slash-option-game = partie
    .description = Le numéro de la partie, si vous en jouez plusieurs ici
    .analysis = Le numéro de la partie terminée (inutile dans son propre fil)
slash-option-challenge = défi
    .accept = Le numéro du défi, si plusieurs pourraient être acceptés
    .decline = Le numéro du défi, si plusieurs pourraient être refusés
    .cancel = Le numéro du défi, si plusieurs pourraient être retirés
slash-option-answer = réponse
    .description = Répondez à la proposition de votre adversaire (laissez vide pour proposer)
slash-option-command = commande
    .description = La commande à expliquer
slash-option-opponent = adversaire
    .description = Qui défier (laissez vide : n'importe qui ici peut accepter)
slash-option-computer = ordinateur
    .description = Jouez plutôt contre l'ordinateur, à ce niveau : 1 (débutant) à 5 (le plus fort)
slash-option-colour = couleur
    .description = Votre couleur
slash-option-days = jours
    .description = Jours par coup, de { $min } à { $max } ({ $default } par défaut)
    .moretime = Combien de jours accorder à votre adversaire
slash-option-casual = amicale
    .description = Une partie amicale ne change pas la cote
slash-option-revoke = revoquer
    .description = Mettre hors service tous les liens privés que vous avez reçus
slash-option-move = coup
    .description = Votre coup, par exemple Rb7, cxb2 ou c2-b3
slash-option-square = case
    .description = Seulement les coups de la pièce sur cette case, par exemple e1
slash-option-language = langue
    .description = La langue de mes réponses : en, fr, es, ru, ou auto
slash-option-player = joueur
    .description = De qui voir la cote et le bilan (laissez vide : les vôtres)
slash-command-settings = rb-préférences
    .description = Vos préférences : langue, mentions, messages privés à votre tour
slash-sub-settings-show = voir
    .description = Vos préférences actuelles
slash-sub-settings-language = langue
    .description = La langue de mes réponses
slash-sub-settings-pings = mentions
    .description = Si je vous mentionne quand c'est votre tour
slash-sub-settings-dm = mp
    .description = Si je vous envoie un message privé quand c'est à vous de jouer
slash-option-set = réglage
    .pings = Activé : je vous mentionne à votre tour ; désactivé : non
    .dm = Activé : un message privé quand c'est à vous de jouer ; désactivé : aucun
slash-command-info = rb-infos
    .description = L'aide, les règles, les cotes et le relevé d'une partie

## Choices

slash-choice-accept = accepter
slash-choice-decline = refuser
slash-choice-white = blancs
slash-choice-black = noirs
slash-choice-random = au hasard
