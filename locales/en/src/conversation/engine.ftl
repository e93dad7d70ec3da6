retry = 🔄 Try again
