from lab import Lab, css_stack
import html
lab = Lab()
lab.load("<div id=x style=\"font: 16px 'T-Inter'\"><span>Hello</span></div>")
print(lab.js("document.querySelector('#x span').getBoundingClientRect().width"))
print(lab.js("[...document.fonts].map(f=>f.family+':'+f.status).join(' ')"))
lab.close()
