# The game service's answers: refusals, failures, and what a command did.

store-conflict = La partie a changé pendant que je traitais votre demande (quelqu'un a agi au même moment). Rien n'a été fait : regardez l'échiquier et réessayez.
store-unavailable = Je n'arrive pas à joindre ma base de données pour le moment, donc rien n'a été modifié. Réessayez dans un instant.
button-unknown = Ce bouton ne vient pas de moi, ou il est trop ancien pour être utilisé.
