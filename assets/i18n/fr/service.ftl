# The game service's answers: refusals, failures, and what a command did.

store-conflict = La partie a changé pendant que je traitais votre demande (quelqu'un a agi au même moment). Rien n'a été fait : regardez l'échiquier et réessayez.
store-unavailable = Je n'arrive pas à joindre ma base de données pour le moment, donc rien n'a été modifié. Réessayez dans un instant.
store-unconfirmed = J'ai perdu la connexion à ma base de données au moment même où j'enregistrais cela, donc je ne sais pas encore si c'est enregistré. Regardez `board` dans un instant avant de réessayer.
button-unknown = Ce bouton ne vient pas de moi, ou il est trop ancien pour être utilisé.
