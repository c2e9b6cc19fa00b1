from .requests import make_request
