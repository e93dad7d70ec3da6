retry = 🔄 Riprova
