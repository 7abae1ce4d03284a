# Notes the Discord front end adds when it cannot deliver an answer where it should.

delivery-no-permission = No puedo publicar en este canal: me falta el permiso para enviar mensajes o adjuntar archivos aquí.
