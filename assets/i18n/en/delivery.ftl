# Notes the Discord front end adds when it cannot deliver an answer where it should.

delivery-no-permission = I can't post in this channel: I lack the permission to send messages or attach files here.
