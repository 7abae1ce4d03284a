# Notes the Discord front end adds when it cannot deliver an answer where it should.

delivery-no-permission = Je ne peux pas publier dans ce salon : il me manque la permission d'envoyer des messages ou de joindre des fichiers ici.
