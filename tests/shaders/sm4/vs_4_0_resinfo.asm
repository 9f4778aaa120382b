// vs_4_0: resinfo in its three return forms.
vs_4_0
dcl_resource_texture2d (float,float,float,float) t0
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xyzw
resinfo o0.xyzw, l(0), t0.xyzw
resinfo_uint o1.xyzw, l(1), t0.xyzw
resinfo_rcpFloat o2.xyzw, l(0), t0.xyzw
ret
