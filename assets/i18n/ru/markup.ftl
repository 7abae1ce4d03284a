# How plain-text front ends (the console) write times and places; Discord shows its own.
markup-time = { $future ->
        [yes] через { markup-span }
       *[no] { markup-span } назад
    } ({ $date })
markup-span = { $unit ->
        [year] { $count ->
            [1] год
            [one] { $count } год
            [few] { $count } года
           *[many] { $count } лет
        }
        [month] { $count ->
            [1] месяц
            [one] { $count } месяц
            [few] { $count } месяца
           *[many] { $count } месяцев
        }
        [day] { $count ->
            [1] день
            [one] { $count } день
            [few] { $count } дня
           *[many] { $count } дней
        }
        [hour] { $count ->
            [1] час
            [one] { $count } час
            [few] { $count } часа
           *[many] { $count } часов
        }
        [minute] { $count ->
            [1] минуту
            [one] { $count } минуту
            [few] { $count } минуты
           *[many] { $count } минут
        }
       *[second] { $count ->
            [one] { $count } секунду
            [few] { $count } секунды
           *[many] { $count } секунд
        }
    }
markup-place = канал { $id }
markup-place-console = этой консоли
