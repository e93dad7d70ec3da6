retry = 🔄 Réessayer
