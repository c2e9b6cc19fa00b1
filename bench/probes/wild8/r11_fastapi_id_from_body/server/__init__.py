from .routes import router
