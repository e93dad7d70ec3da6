ask = 🙋 Talk to a person
back = 🤖 Back to the bot
opened = I've passed your conversation to our team: a person will answer you here. Write here; /bot to go back to the bot.
opened-later = I've passed your conversation to our team. Nobody is answering right now: they will answer from { $when }. Write here what you need; /bot to go back to the bot.
unreachable = I couldn't reach our team right now. I'll keep helping you; please try again in a while.
already = You're already talking to a person. Write here; /bot to go back to the bot.
talking-to = You're talking to { $name } (staff). Write here; /bot to go back to the bot.
staff-said = { $name }: { $said }
staff-name = Team
paused = The bot's buttons are paused while you talk to a person. Write here, or /bot to go back to the bot.
not-sent = I couldn't pass your message to the team. Please try again in a moment.
returned = You're back with the bot. We carry on where we left off:
timed-out =
    Nobody from the team has answered in { $minutes ->
        [one] a minute
       *[other] { $minutes } minutes
    }. You can keep waiting here, or go back to the bot.
cart =
    Our team sends you your cart:
    { $cart }
tickets-again = 🎟️ { $name } (staff) sends you your tickets again:
file-from = 📎 { $name } (staff) sends you a file:
