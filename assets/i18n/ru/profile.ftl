# Вызов из профиля: команда контекстного меню участника (Приложения), её окно и отказы в том,
# что могут содержать её поля. Имя — не длиннее 32 символов; заголовок и подписи — 45.

profile-command = Вызвать в Rollerball
profile-modal-title = Вызов: { $name }
profile-days-label = Дней на ход (от { $min } до { $max })
profile-days-placeholder = { $default }, если оставить пустым
profile-colour-label = Ваш цвет
profile-colour-placeholder = белые, чёрные или случайно (случайно, если пусто)
profile-rated-label = Рейтинговая или товарищеская
profile-rated-placeholder = рейтинговая или товарищеская (рейтинговая, если пусто)
profile-word-rated = рейтинговая
profile-word-casual = товарищеская
profile-colour-bad = `{ $word }` — не цвет: напишите белые, чёрные или случайно либо оставьте пустым (случайно).
profile-rated-bad = `{ $word }` — ни рейтинговая, ни товарищеская: напишите одно из двух либо оставьте пустым (рейтинговая).
profile-opponent-bot = { $name } — бот и не может играть. Чтобы сыграть с компьютером, используйте `/rb challenge computer:1` (уровни от 1 до 5).
