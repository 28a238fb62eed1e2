"""(filled in below)"""
routes = []
