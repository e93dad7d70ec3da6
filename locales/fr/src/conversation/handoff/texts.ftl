ask = 🙋 Parler à une personne
back = 🤖 Revenir au bot
opened = J'ai transmis votre conversation à notre équipe : une personne vous répondra ici. Écrivez ici ; /bot pour revenir au bot.
opened-later = J'ai transmis votre conversation à notre équipe. Personne n'est disponible pour le moment : on vous répondra à partir du { $when }. Écrivez ici ce dont vous avez besoin ; /bot pour revenir au bot.
unreachable = Je n'ai pas pu joindre notre équipe pour le moment. Je continue à vous aider ; réessayez un peu plus tard.
already = Vous parlez déjà avec une personne. Écrivez ici ; /bot pour revenir au bot.
talking-to = Vous parlez avec { $name } (équipe). Écrivez ici ; /bot pour revenir au bot.
staff-said = { $name } : { $said }
staff-name = Équipe
paused = Les boutons du bot sont en pause pendant que vous parlez avec une personne. Écrivez ici, ou /bot pour revenir au bot.
not-sent = Je n'ai pas pu transmettre votre message à l'équipe. Réessayez dans un instant.
returned = Vous êtes de retour avec le bot. Nous reprenons là où nous en étions :
timed-out =
    Personne de l'équipe n'a répondu depuis { $minutes ->
        [one] une minute
       *[other] { $minutes } minutes
    }. Vous pouvez continuer à attendre ici, ou revenir au bot.
cart =
    Notre équipe vous envoie votre panier :
    { $cart }
tickets-again = 🎟️ { $name } (équipe) vous renvoie vos billets :
file-from = 📎 { $name } (équipe) vous envoie un fichier :
