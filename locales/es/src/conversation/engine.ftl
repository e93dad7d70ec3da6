# The customer texts of src/conversation/engine.ts.
retry = 🔄 Reintentar
