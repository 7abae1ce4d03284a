# Notes the Discord front end adds when it cannot deliver an answer where it should.

delivery-no-permission = Я не могу писать в этом канале: у меня нет права отправлять сообщения или прикреплять файлы здесь.
